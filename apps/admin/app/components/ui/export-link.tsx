/**
 * "Export CSV": a plain link to an export endpoint with the list's filters. The session cookie
 * goes with it and the browser saves the file as the server streams it (no waiting in the page).
 */
export function ExportLink({ href, className = '', testId }: { href: string; className?: string; testId?: string }) {
  return (
    <a href={href} download className={`btn btn-outline whitespace-nowrap ${className}`} data-testid={testId}>
      Export CSV
    </a>
  );
}
