// The emergency-address feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { EmergencyAddressDialog } from './components/emergency-address-dialog.tsx';
export { needsEmergencyAddress } from './needs-emergency-address.ts';
// The address finder (postcode lookup or manual entry) and the address call, for other steps that ask for the installation address (getting started, the upgrade page).
export { AddressFinder } from './components/address-finder.tsx';
export { patchEmergencyContactDetails } from './api/patch-emergency-contact-details.ts';
// Whether an installation address has the spec's fields, and which it lacks in words (the shop's delivery, the upgrade's address step).
export { isCompleteAddress, missingFieldsText } from './rules.ts';
