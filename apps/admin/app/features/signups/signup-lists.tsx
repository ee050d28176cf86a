import { Link, useSearchParams } from 'react-router';

const LISTS = [
  { list: null, to: '/signups', label: 'Shop opening' },
  { list: 'newsletter', to: '/signups?list=newsletter', label: 'Newsletter' },
] as const;

/** Which list of sign-ups the address shows: `?list=newsletter`, else the shop-opening one. */
export function useSignupList(): 'newsletter' | null {
  const [params] = useSearchParams();
  return params.get('list') === 'newsletter' ? 'newsletter' : null;
}

/** The two lists of sign-ups (Coming Soon / Maintenance, and the newsletter), as links: each has its own address. */
export function SignupLists() {
  const shown = useSignupList();
  return (
    <nav aria-label="Sign-up lists" className="mb-4 flex gap-2" data-testid="signup-lists">
      {LISTS.map((l) => (
        <Link
          key={l.to}
          to={l.to}
          aria-current={shown === l.list ? 'page' : undefined}
          className="btn btn-outline aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
