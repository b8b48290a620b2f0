/** The code an authenticator app would show for a setup key (the base32 text shown beside the QR code). */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

export function totpNow(setupKey: string): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(setupKey.replace(/\s+/g, "")));
  return createOTP(secret).totp();
}
