import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { DeliveryAddressDialog } from './checkout-dialogs.tsx';

// Meadow Lane Vets' installation address has no county (server/src/modules/product-details/demo-product-details.ts).
const meadow = {
  summary_line: 'Meadow Lane Veterinary Centre, 12 Meadow Lane, Bristol, BS3 4AB',
  line_one: 'Meadow Lane Veterinary Centre',
  line_two: '12 Meadow Lane',
  city: 'Bristol',
  county: '',
  post_code: 'BS3 4AB',
};
const site = (installation_address: typeof meadow) => ({
  product_id: 12,
  pilot_number: { number: '01174960001' },
  supplier: 2,
  installation_address,
  addons: [],
  users: {
    '1': { id: 1, first_name: 'Jo', last_name: 'Carter', email: 'jo@meadow-lane-vets.example', extension: '200' },
  },
  seats: [],
});

function renderDialog(address: typeof meadow) {
  installFakeFetch({ 'GET /api/v1/voip/12/': { json: site(address) } });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const onChoose = vi.fn();
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <DeliveryAddressDialog productId={12} onClose={() => undefined} onChoose={onChoose} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return onChoose;
}

beforeEach(() => {
  clearCookies();
  resetCsrf();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the delivery address dialog', () => {
  it('delivers to a complete installation address at once', async () => {
    const onChoose = renderDialog({ ...meadow, county: 'Bristol' });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver here' }));
    expect(onChoose).toHaveBeenCalledWith({
      post_code: 'BS3 4AB',
      line_one: 'Meadow Lane Veterinary Centre',
      line_two: '12 Meadow Lane',
      city: 'Bristol',
      county: 'Bristol',
    });
  });

  it('has an installation address without a county completed in the same dialog before it is chosen', async () => {
    const onChoose = renderDialog(meadow);
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver here' }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.getByText('Your installation address has no county. Add it to deliver here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('Meadow Lane Veterinary Centre');
    expect(screen.getByLabelText('Town/City')).toHaveValue('Bristol');
    const county = screen.getByLabelText('County');
    expect(county).toHaveValue('');
    expect(county).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('County is a required field')).not.toHaveLength(0);
    expect(onChoose).not.toHaveBeenCalled();
    fireEvent.change(county, { target: { value: 'Bristol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenCalledWith({
      post_code: 'BS3 4AB',
      line_one: 'Meadow Lane Veterinary Centre',
      line_two: '12 Meadow Lane',
      city: 'Bristol',
      county: 'Bristol',
    });
  });
});
