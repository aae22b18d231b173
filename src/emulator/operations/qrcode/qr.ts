// Pairing QR codes: a real, scannable PNG (data URL) encoding the pairing reference.
import QRCode from 'qrcode';

export function pairingQrContent(deviceId: string, ref: string): string {
  return `chatbot-emulator:pair:${deviceId}:${ref}`;
}

export function qrDataUrl(content: string): Promise<string> {
  return QRCode.toDataURL(content, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
