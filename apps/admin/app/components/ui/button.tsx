import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

type Variant = 'primary' | 'outline' | 'quiet' | 'danger';

/** The panel's button (react-aria: press events that behave alike for touch, mouse and keys). */
export function Button({
  variant = 'outline',
  className = '',
  ...props
}: ButtonProps & { variant?: Variant; className?: string }) {
  return <AriaButton {...props} className={`btn btn-${variant} ${className}`} />;
}
