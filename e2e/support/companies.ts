/**
 * Companies and their members made through the API (docs/decisions/0011-organisations.md): a new person registers
 * a company, then invites colleagues with the roles a test needs, who join as new people from the mailed link.
 */
import { type AuthResult, apiCall, apiLogin, outbox, registerUser } from './session.ts';

/** A company member's roles (shared/src/contracts/member-roles.ts). */
type MemberRole = 'admin' | 'buyer' | 'bidder' | 'viewer' | 'approver';

/** The newest invitation link mailed to `email` (waits for the outbox file). */
export async function invitationLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = outbox()
      .filter((m) => m.to === email && m.link?.includes('/accept-invitation'))
      .at(-1);
    if (mail?.link) return mail.link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail for ${email}`);
}

let invited = 0;
/**
 * A company named `name`: its founder (a new person with every founder role, signed in with the company active)
 * and one member per entry of `members`, invited with those roles and joined (each signed in, the company active).
 */
export async function companyWithMembers(
  name: string,
  members: { name: string; roles: MemberRole[] }[],
): Promise<{ founder: AuthResult; members: AuthResult[] }> {
  const person = await registerUser(`${name} founder`);
  await apiCall(person.accessToken, 'PUT', '/companies/mine', {
    name,
    description: '<p>Made by an e2e test.</p>',
    serviceIds: [1],
  });
  // A new session starts in the founder's company (the active company is part of the session).
  const founder = await apiLogin(person.email, person.password);
  const joined: AuthResult[] = [];
  for (const member of members) {
    const email = `member-${Date.now().toString(36)}-${invited++}@e2e.bawaba.qa`;
    await apiCall(founder.accessToken, 'POST', '/members/invitations', { email, roles: member.roles });
    const token = new URL(await invitationLink(email)).searchParams.get('token');
    joined.push(
      await apiCall<AuthResult>(null, 'POST', '/members/join', {
        token,
        name: member.name,
        password: 'Member-Pass-2026',
      }),
    );
  }
  return { founder, members: joined };
}
