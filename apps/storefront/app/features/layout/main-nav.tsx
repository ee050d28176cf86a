import type { MenuItem } from '@shopfront/shared';
import { SmartLink } from '../../components/smart-link';
import { ChevronDownIcon } from '../../components/ui/icons';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex h-10 items-center px-3 text-[15px] font-medium transition-colors hover:text-primary ${
    isActive
      ? 'text-primary after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:bg-primary'
      : 'text-ink'
  }`;

/** Desktop navigation from the 'main-menu'; nested items open on hover and on keyboard focus. */
export function MainNav({ items }: { items: MenuItem[] }) {
  if (!items.length) return null;
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <li key={item.id} className="group relative">
            <SmartLink to={item.url} nav className={linkClass}>
              {item.label}
              {item.children.length > 0 && (
                <ChevronDownIcon className="ml-1 size-4 transition-transform group-focus-within:rotate-180 group-hover:rotate-180" />
              )}
            </SmartLink>
            {item.children.length > 0 && (
              <ul className="invisible absolute top-full left-0 z-50 min-w-56 translate-y-1 rounded-xl border border-ink/10 bg-background p-2 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:visible group-hover:translate-y-0 group-hover:opacity-100">
                {item.children.map((child) => (
                  <li key={child.id}>
                    <SmartLink
                      to={child.url}
                      className="block rounded-lg px-3 py-2 text-sm hover:bg-surface hover:text-primary"
                    >
                      {child.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
