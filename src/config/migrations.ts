/**
 * The migrations team's booking page (spec 000 section 9: "A migrations-team booking link
 * exists (value not shown)"): where a supplier-2 customer books the move to the third
 * generation. The one place the address lives; the migration banner links to it.
 */
export const MIGRATIONS_BOOKING_URL = 'https://migrations.portal.example/book';
