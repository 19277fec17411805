// An address as a public page may show it: the first character of the local part and of the
// domain, and the top-level label, so a tester recognises their own entry and nobody learns an
// address from it. The stars never say how long the hidden part is.
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const first = (text: string) => Array.from(text)[0] ?? '';
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${first(local)}***@${first(domain)}***${topLevel}`;
}
