import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Barcode, QrCode } from './codes.tsx';

describe('QrCode', () => {
  it('renders an SVG QR code of the value', async () => {
    render(<QrCode value="ZZ20260001" label="就诊卡二维码" />);
    const code = screen.getByRole('img', { name: '就诊卡二维码' });
    await waitFor(() => expect(code.querySelector('svg')).not.toBeNull());
    expect(code.dataset.value).toBe('ZZ20260001');
    expect(code.querySelectorAll('path').length).toBeGreaterThan(0);
  });
});

describe('Barcode', () => {
  it('draws CODE128 bars with the number under them', async () => {
    render(<Barcode value="ZZ20260001" label="就诊卡条形码" />);
    const code = screen.getByRole('img', { name: '就诊卡条形码' });
    await waitFor(() => expect(code.querySelectorAll('rect').length).toBeGreaterThan(10));
    expect(screen.getByText('ZZ20260001')).toBeTruthy();
  });
});
