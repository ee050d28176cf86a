import { OTP_LENGTH } from '@shopfront/shared';

/** The four boxes' digits ('' for an empty box) and which box should have focus next. */
export interface OtpBoxesState {
  digits: string[];
  focus: number;
}

export function emptyBoxes(length = OTP_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/** The boxes as the code the form sends: the digits in order, empty boxes skipped. */
export function joinBoxes(digits: readonly string[]): string {
  return digits.join('');
}

/** The code shown in the boxes: one digit per box, left to right. */
export function boxesFromCode(code: string, length = OTP_LENGTH): string[] {
  const digits = code.replace(/\D+/g, '').slice(0, length).split('');
  return [...digits, ...emptyBoxes(length - digits.length)];
}

/**
 * Typing into box `index`. A box holds one digit: anything else is dropped; a multi-character
 * entry (autofill, fast typing into a filled box) is spread over this box and the ones after it.
 */
export function typeIntoBox(current: readonly string[], index: number, entered: string): OtpBoxesState {
  const digits = [...current];
  let incoming = entered.replace(/\D+/g, '');
  // Typing over a filled box: the browser hands us "old+new"; keep only the new character(s).
  const old = current[index] ?? '';
  if (old && incoming.length === 2 && incoming.startsWith(old)) incoming = incoming.slice(1);
  else if (old && incoming.length === 2 && incoming.endsWith(old)) incoming = incoming.slice(0, 1);
  if (!incoming) {
    digits[index] = '';
    return { digits, focus: index };
  }
  let i = index;
  for (const ch of incoming) {
    if (i >= digits.length) break;
    digits[i] = ch;
    i++;
  }
  return { digits, focus: Math.min(i, digits.length - 1) };
}

/** Spec section 5: a paste of exactly 4 digits fills all boxes; other text is spread from this box. */
export function pasteIntoBoxes(current: readonly string[], index: number, text: string): OtpBoxesState {
  const trimmed = text.trim();
  if (new RegExp(`^[0-9]{${current.length}}$`).test(trimmed)) {
    return { digits: trimmed.split(''), focus: current.length - 1 };
  }
  const digits = trimmed.replace(/\D+/g, '');
  if (!digits) return { digits: [...current], focus: index };
  return typeIntoBox(
    current.map((d, i) => (i === index ? '' : d)),
    index,
    digits,
  );
}

/** Backspace clears a box and moves back: this box if it has a digit, else the previous one. */
export function backspaceInBoxes(current: readonly string[], index: number): OtpBoxesState {
  const digits = [...current];
  if (digits[index]) {
    digits[index] = '';
    return { digits, focus: Math.max(index - 1, 0) };
  }
  const prev = Math.max(index - 1, 0);
  digits[prev] = '';
  return { digits, focus: prev };
}
