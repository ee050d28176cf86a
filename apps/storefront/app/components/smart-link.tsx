import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { isSafeLink } from '@shopfront/shared';

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

interface SmartLinkProps {
  to: string;
  children: ReactNode;
  className?: string | ((state: { isActive: boolean }) => string);
  onClick?: () => void;
  /** Highlight the link when its page is open (menus). */
  nav?: boolean;
}

/**
 * Menu URLs are owner-entered: shop paths navigate client-side, anything else is an ordinary
 * link that opens in a new tab. One the link rule refuses (stored before the rule, or by SQL) is
 * shown as text, never as a link.
 */
export function SmartLink({ to, children, className, onClick, nav }: SmartLinkProps) {
  if (!isSafeLink(to)) {
    return (
      <span className={typeof className === 'function' ? className({ isActive: false }) : className}>{children}</span>
    );
  }
  if (isInternal(to)) {
    if (nav) {
      return (
        <NavLink to={to} end={to === '/'} prefetch="intent" className={className} onClick={onClick}>
          {children}
        </NavLink>
      );
    }
    const cls = typeof className === 'function' ? className({ isActive: false }) : className;
    return (
      <Link to={to} prefetch="intent" className={cls} onClick={onClick}>
        {children}
      </Link>
    );
  }
  const cls = typeof className === 'function' ? className({ isActive: false }) : className;
  return (
    <a href={to} className={cls} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
    </a>
  );
}
