// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Trash2Icon } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { ButtonIcon } from '@/components/button-icon';
import { buttonClass } from '@/components/control-styles';

afterEach(() => cleanup());

describe('an icon before a button’s words', () => {
  it('leaves the button’s accessible name its words', () => {
    render(<button type="button" className={buttonClass}><ButtonIcon icon={Trash2Icon} />Delete</button>);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('keeps the name a label gives the button', () => {
    render(<button type="button" className={buttonClass} aria-label="Delete Mornings"><ButtonIcon icon={Trash2Icon} />Delete</button>);
    expect(screen.getByRole('button', { name: 'Delete Mornings' })).toBeTruthy();
  });

  it('is hidden from assistive technology and out of the tab order', () => {
    render(<button type="button"><ButtonIcon icon={Trash2Icon} />Delete</button>);
    const icon = screen.getByRole('button').querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('focusable')).toBe('false');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is sized by the type scale and lined up by the button classes', () => {
    render(<button type="button" className={buttonClass}><ButtonIcon icon={Trash2Icon} />Delete</button>);
    const button = screen.getByRole('button');
    expect(button.querySelector('svg')!.getAttribute('class')).toContain('size-4');
    expect(button.className).toContain('inline-flex');
    expect(button.className).toContain('gap-2');
  });
});
