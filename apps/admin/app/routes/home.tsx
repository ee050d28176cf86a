import { Link } from 'react-router';
import { NavIcon } from '../components/frame/icons';
import { useMe } from '../features/auth/me';
import { navFor } from '../lib/nav';

export const meta = () => [{ title: 'Home · Shop admin' }];

const ABOUT: Record<string, string> = {
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
      <p className="mt-1 text-sm text-muted">Orders, customers and the catalogue arrive here next. For now you can:</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
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
