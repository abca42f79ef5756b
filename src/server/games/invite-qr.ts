import QRCode from 'qrcode';

/**
 * D30: an invite link as a QR code, an SVG document made here (nothing leaves the server). Error
 * correction M and a four-module quiet zone, so a phone held up to a screen reads it; the page
 * draws it large and black on white in either theme.
 */
export function qrCodeSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
}
