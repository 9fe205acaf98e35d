import { configure } from '@testing-library/dom';

// The views wait on the real service; on a loaded 2-core machine (CI runs the files in parallel)
// an answer can take over the library's default of 1 s, which failed tests that were right.
configure({ asyncUtilTimeout: 5_000 });
