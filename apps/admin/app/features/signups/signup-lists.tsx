import { NavLink } from 'react-router';

const LISTS = [
  { to: '/signups', label: 'Shop opening' },
  { to: '/signups/newsletter', label: 'Newsletter' },
] as const;

/** The two lists of sign-ups (Coming Soon / Maintenance, and the newsletter), as links: each has its own address. */
export function SignupLists() {
  return (
    <nav aria-label="Sign-up lists" className="mb-4 flex gap-2" data-testid="signup-lists">
      {LISTS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end
          className="btn btn-outline aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
