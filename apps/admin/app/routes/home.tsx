import { Link } from 'react-router';
import { NavIcon } from '../components/frame/icons';
import { useMe } from '../features/auth/me';
import { OrderTiles } from '../features/dashboard/order-tiles';
import { Sales } from '../features/dashboard/sales';
import { SetupBanner } from '../features/setup/banner';
import { navFor, roleMayRead } from '../lib/nav';
import { useStoreMode } from '../lib/store-mode';

export const meta = () => [{ title: 'Home · Shop admin' }];

const ABOUT: Record<string, string> = {
  '/setup': 'Your shop’s name, tax, delivery, payments and legal pages.',
  '/customers': 'Who bought from you: their orders, addresses and your notes.',
  '/reviews': 'Hide or show again what shoppers wrote about your products.',
  '/signups': 'Who asked to hear when the shop opens, and who signed up for the newsletter.',
  '/activity': 'Every change made in the panel or the owner API, newest first.',
  '/plugins': 'Add or remove the shop’s plugins.',
  '/staff': 'Who can sign in here, and what each may do.',
  '/account': 'Your password, and signing out.',
};

const today = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long' });

/**
 * The start page, by role: the orders waiting as tiles (owner, manager, packer), the sales
 * (owner, manager), then the places this role can open.
 */
export default function Home() {
  const me = useMe().data!;
  const places = navFor(me.role, useStoreMode()).filter((i) => i.to !== '/' && i.to !== '/orders');
  const orders = roleMayRead(me.role, 'orders');
  const sales = roleMayRead(me.role, 'dashboard');
  return (
    <>
      <h1 className="text-2xl font-semibold">Hello, {me.name.split(' ')[0]}</h1>
      <p className="mt-0.5 text-sm text-muted">{today.format(new Date())}</p>
      {places.some((p) => p.to === '/setup') && <SetupBanner />}
      {orders && (
        <section className="mt-5" aria-labelledby="waiting">
          <h2 id="waiting" className="mb-2 text-lg font-semibold">
            Waiting for you
          </h2>
          <OrderTiles refunds={sales} />
        </section>
      )}
      {sales && (
        <section className="mt-6" aria-labelledby="sales">
          <h2 id="sales" className="mb-2 text-lg font-semibold">
            Sales
          </h2>
          <Sales />
        </section>
      )}
      {places.length > 0 && (
        <section className="mt-6" aria-labelledby="places">
          <h2 id="places" className="mb-2 text-lg font-semibold">
            {orders || sales ? 'More in your shop' : 'What you can do here'}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
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
        </section>
      )}
    </>
  );
}
