import { useState } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/container';
import { CloseIcon } from '../../components/ui/icons';
import { readCookie, writeCookie } from '../../lib/cookies';
import { NOTICE_COOKIE, noticeFingerprint } from '../../lib/notice';
import { useShop } from '../../lib/shop';

/**
 * The owner's announcement (spec section 2). Closing it is remembered for the browser session
 * in a cookie the server reads too, so a closed bar never flashes on the next page load.
 */
export function NoticeBar() {
  const { storefront, noticeClosed } = useShop();
  const notice = storefront.notice_bar;
  // The shell remounts under error screens; the cookie (not just loader data) keeps it closed then.
  const [closed, setClosed] = useState(
    () =>
      noticeClosed ||
      (typeof document !== 'undefined' &&
        readCookie(document.cookie, NOTICE_COOKIE) === noticeFingerprint(notice.message)),
  );
  if (!notice.enabled || !notice.message || closed) return null;

  const close = () => {
    writeCookie(NOTICE_COOKIE, noticeFingerprint(notice.message));
    setClosed(true);
  };

  return (
    <div role="region" aria-label="Announcement" className="notice-bar bg-primary text-on-primary">
      {/* One line on a 390 px phone: small type, and the close button beside the text. */}
      <Container className="flex min-h-11 items-center gap-1 pr-0 text-[13px] leading-snug sm:pr-2 sm:text-sm">
        <p className={`flex-1 text-center ${notice.is_closable ? 'sm:pl-11' : ''}`}>
          <span>{notice.message}</span>
          {notice.page_slug && (
            <>
              {' '}
              <Link
                to={`/${notice.page_slug}`}
                prefetch="intent"
                className="font-semibold whitespace-nowrap underline decoration-1 underline-offset-4 hover:decoration-2"
              >
                {notice.link_text || 'Learn more'}
              </Link>
            </>
          )}
        </p>
        {notice.is_closable && (
          <button
            type="button"
            onClick={close}
            aria-label="Close announcement"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
      </Container>
    </div>
  );
}
