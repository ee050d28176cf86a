import type { ComponentProps } from 'react';
import { TextField } from '../../components/ui/field';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'hint'> & {
  /** The label of the button that sends the code (it is named in the hint). */
  button: string;
};

/**
 * The 4-digit code sent to the account's verified contact: what an account without a password
 * gives instead of a current password (ADR 0011). The first submit sends the code.
 */
export function ContactCodeField({ button, ...field }: Props) {
  return (
    <TextField
      label="Code from your verified contact"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      hint={`Press ${button} to get a 4-digit code on the mobile number or e-mail address you verified, then enter it here.`}
      {...field}
    />
  );
}
