import type { User } from '@shopfront/shared';

/** The customer the auth unit tests sign in. */
export const ana: User = {
  id: 7,
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '9845012345',
  phone_verified_at: null,
  email_verified_at: null,
};
