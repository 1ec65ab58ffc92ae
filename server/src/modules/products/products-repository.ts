// The suspension reason the service-status rule knows (products-read-model.ts), for the demo data (db/demo-factory.ts).
// A product's rows are the customers module's (customers/index.ts); what joins them to others' is the read model's.
export { NON_PAYMENT_SUSPENSION } from './products-read-model.ts';
