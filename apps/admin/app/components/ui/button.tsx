import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'outline' | 'quiet' | 'danger';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> {
  variant?: Variant;
  /** Runs on a click, a tap, Enter or Space (the browser's own button behaviour). */
  onPress?: () => void;
  isDisabled?: boolean;
}

/**
 * The panel's button: a native <button> (type "button" unless told). react-aria's Button cost
 * every first screen 13.6 kB of gzip JavaScript for press handling the browser already does; the
 * react-aria one stays where a react-aria trigger needs it (a MenuTrigger's button).
 */
export function Button({ variant = 'outline', className = '', onPress, isDisabled, type = 'button', ...props }: Props) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      onClick={onPress}
      className={`btn btn-${variant} ${className}`}
    />
  );
}
