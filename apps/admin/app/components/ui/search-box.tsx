import { useState } from 'react';

/**
 * A list's search: one field (the phone's search key sends it), its label for screen readers.
 * It holds what is typed; `onSearch` gets it as typed when sent.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
  className = 'flex-1',
  autoCapitalize,
}: {
  id: string;
  /** "Search coupons" */
  label: string;
  placeholder: string;
  /** The search in the address now. */
  value: string;
  onSearch: (typed: string) => void;
  className?: string;
  autoCapitalize?: 'characters';
}) {
  const [typed, setTyped] = useState(value);
  return (
    <form
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        autoCapitalize={autoCapitalize}
        className="input"
        placeholder={placeholder}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
    </form>
  );
}
