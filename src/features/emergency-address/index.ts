export { EmergencyAddressDialog } from './components/emergency-address-dialog.tsx';
export { needsEmergencyAddress } from './needs-emergency-address.ts';
