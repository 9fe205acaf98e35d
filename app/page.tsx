import { redirect } from 'next/navigation';

/** The home of the app is the inbox. */
export default function Home() {
  redirect('/inbox');
}
