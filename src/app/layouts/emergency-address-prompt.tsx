import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { MANAGE_OTHER_USERS } from '@portal/contract';

import { useLogout, useMe } from '../../features/auth/index.ts';
import { EmergencyAddressDialog } from '../../features/emergency-address/index.ts';
import { loadStaffTools } from '../../features/staff/index.ts';
import { endSession } from '../session.ts';

// Only staff with the role open it, from the dialog's Admin button.
const AdminDialog = lazy(async () => ({ default: (await loadStaffTools()).AdminDialog }));

/**
 * The emergency-address dialog as the default layout shows it (spec 000 section 4), with what
 * the app around it gives: the person's first name, Logout (the profile menu's sign-out; a
 * refusal is shown in the dialog, since the toasts lie behind it), and Admin for users with
 * the role "Allow to manage other users' accounts", opening the admin dialog above it.
 * Loaded on demand by the layout, only for a buy-now product without an installation address.
 */
function EmergencyAddressPrompt({ productId }: { productId: number }) {
  const me = useMe().data;
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adminOpen, setAdminOpen] = useState(false);
  const canManageUsers = me?.permissions.includes(MANAGE_OTHER_USERS) ?? false;

  const signOut = async () => {
    await logout.run();
    await endSession(navigate, queryClient);
  };

  return (
    <>
      <EmergencyAddressDialog
        // A product switched to starts afresh.
        key={productId}
        productId={productId}
        firstName={me?.user_profile.first_name ?? ''}
        onLogout={signOut}
        onAdmin={canManageUsers ? () => setAdminOpen(true) : undefined}
      />
      {adminOpen && (
        <Suspense fallback={null}>
          <AdminDialog onClose={() => setAdminOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default EmergencyAddressPrompt;
