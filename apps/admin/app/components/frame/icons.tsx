/** The few line icons the frame uses (inline SVG, 24px grid, currentColor). */
const paths: Record<string, string> = {
  '/': 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  '/setup': 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11',
  '/orders': 'M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8',
  '/applications': 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1M14 3v5h5M9 13l2 2 4-4',
  '/store-mode': 'M4 7h10M18 7h2M4 17h2M10 17h10M14 5v4M6 15v4',
  '/customers': 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M2 21v-1a7 7 0 0 1 14 0v1M17 11a3 3 0 1 0 0-6M19 21v-1a5 5 0 0 0-2-4',
  '/reviews': 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  '/products': 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zM8 8h.01',
  '/categories': 'M3 4h7v6H3zM14 14h7v6h-7zM6.5 10v7H14M14 7h7',
  '/collections': 'M4 7h16v13H4zM7 4h10M9 12h6',
  '/coupons':
    'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4zM9 15l6-6M9 9h.01M15 15h.01',
  '/shipping': 'M2 6h12v10H2zM14 10h4l4 4v2h-8M6.5 19a1.5 1.5 0 1 0 0-.01M17.5 19a1.5 1.5 0 1 0 0-.01',
  '/signups': 'M4 6h16v12H4zM4 7l8 6 8-6',
  '/form-submissions': 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  '/trade-enquiries': 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  '/activity': 'M3 12h4l3-8 4 16 3-8h4',
  '/tax': 'M19 5 5 19M7 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2M17 18a1 1 0 1 0 0-2 1 1 0 0 0 0 2',
  // A globe: the countries and currencies the shop sells in.
  '/channels':
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3',
  '/pages': 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1M14 3v5h5M9 13h6M9 17h4',
  '/blog': 'M4 20h4L19 9l-4-4L4 16v4M14 6l4 4',
  '/templates': 'M4 4h16v5H4zM4 13h7v7H4zM15 13h5M15 17h5M15 20h3',
  '/menus': 'M4 6h16M4 12h16M8 18h12',
  '/faqs': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  '/sliders': 'M3 6h18v12H3zM3 15l5-4 4 3 3-2 6 4M8 21h.01M12 21h.01M16 21h.01',
  '/testimonials': 'M4 5h16v11H9l-5 4zM8 9h.01M12 9h.01M16 9h.01',
  '/media': 'M4 4h16v16H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01',
  '/theme':
    'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 1.8-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5M7.5 11h.01M10 7h.01M15 7.5h.01',
  '/backups': 'M4 7c0-2 3.6-3 8-3s8 1 8 3-3.6 3-8 3-8-1-8-3M4 7v10c0 2 3.6 3 8 3s8-1 8-3V7M4 12c0 2 3.6 3 8 3s8-1 8-3',
  '/settings':
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M12 2v3M12 19v3M4.9 4.9 7 7M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1',
  '/plugins': 'M9 3v4M15 3v4M6 7h12v5a6 6 0 0 1-12 0zM12 18v3',
  '/staff':
    'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M20 19v-1a3 3 0 0 0-2-2.8M4 19v-1a3 3 0 0 1 2-2.8',
  '/account': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14M20 20l-4-4',
};

export function NavIcon({ name, className = 'size-5' }: { name: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={paths[name] ?? paths.more} />
    </svg>
  );
}
