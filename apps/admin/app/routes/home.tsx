import { Link } from 'react-router';
import { NavIcon } from '../components/frame/icons';
import { useMe } from '../features/auth/me';
import { SetupBanner } from '../features/setup/banner';
import { navFor } from '../lib/nav';

export const meta = () => [{ title: 'Home · Shop admin' }];

const ABOUT: Record<string, string> = {
  '/setup': 'Your shop’s name, tax, delivery, payments and legal pages.',
  '/signups': 'Who asked to hear when the shop opens; export them as CSV.',
  '/activity': 'Every change made in the panel or the owner API, newest first.',
  '/plugins': 'Add or remove the shop’s plugins.',
  '/staff': 'Who can sign in here, and what each may do.',
  '/account': 'Your password, and signing out.',
};

/** The start page: a calm list of what this role can do here. */
export default function Home() {
  const me = useMe().data!;
  const places = navFor(me.role).filter((i) => i.to !== '/');
  return (
    <>
      <h1 className="text-2xl font-semibold">Hello, {me.name.split(' ')[0]}</h1>
      {places.some((p) => p.to === '/setup') && <SetupBanner />}
      <p className="mt-5 text-sm text-muted">What you can do here:</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {places.map((p) => (
          <li key={p.to}>
            <Link to={p.to} className="card flex min-h-20 items-start gap-3 p-4 hover:border-stone-400">
              <span className="mt-0.5 rounded-lg bg-stone-100 p-2 text-ink">
                <NavIcon name={p.to} />
              </span>
              <span>
                <span className="block font-medium">{p.label}</span>
                <span className="block text-sm text-muted">{ABOUT[p.to]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
