-- The online option says what a shopper pays with; the sandbox gateway's own page keeps saying it is a test.
-- Only the seeded wording is changed: a shop's own description is its own.
UPDATE "payment_methods" SET "description" = 'UPI, cards or net banking'
 WHERE "code" = 'sandbox' AND "description" = 'Card, UPI or net banking on our test payment page';
