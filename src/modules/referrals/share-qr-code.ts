// A share link as a QR code (GET /r/{code}/qr.svg), drawn by the `qrcode` library as SVG: dark
// modules on a white square with the quiet zone the standard asks for, so any scanner reads it
// on any page background.
import QRCode from 'qrcode';

/** Modules of white margin around the code: the four the QR standard requires. */
const QUIET_ZONE = 4;

/** The link as an SVG QR code; medium error correction survives a print's smudge or a crease. */
export function qrCodeSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: QUIET_ZONE });
}
