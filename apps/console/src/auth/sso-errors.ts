/** What `/sign-in?error=<code>` means after single sign-on came back without a session (docs/sso.md). */
const SSO_ERRORS: Readonly<Record<string, string>> = {
  sso_denied: 'Single sign-on was cancelled or refused by your identity provider.',
  sso_state_invalid:
    'That single sign-on attempt is no longer valid. Start again from this page, in this browser.',
  sso_state_expired: 'Single sign-on took too long. Start again.',
  sso_not_configured: 'Single sign-on is no longer set up for your organization. Sign in with your password.',
  sso_provider_error: 'Your identity provider’s answer could not be verified. Try again, or ask your admin.',
  sso_email_missing: 'Your identity provider sent no email address.',
  sso_email_unverified: 'Your identity provider does not vouch for your email address.',
  sso_domain_not_allowed: 'Your email domain is not allowed for this organization’s single sign-on.',
  sso_account_not_member:
    'Your account is not a member of this organization. Ask an admin for an invitation.',
};

export function ssoErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  return SSO_ERRORS[code] ?? 'Single sign-on did not complete. Try again.';
}
