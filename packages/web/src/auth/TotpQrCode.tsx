import { Loader } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The authenticator set-up address as a QR code, drawn in the browser (nothing is sent anywhere). */
export function TotpQrCode({ address }: { address: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
      if (current) setSvg(drawn);
    });
    return () => {
      current = false;
    };
  }, [address]);
  if (svg === null) return <Loader size="sm" aria-label="Drawing the QR code" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      width={200}
      height={200}
      style={{ background: 'white', padding: 8, borderRadius: 8 }}
    />
  );
}
