import type { MemberRole } from '@bawaba/shared/contracts';
import type { Lang } from '../../errors.ts';
import type { Mail } from '../../lib/mail.ts';

/** The members domain's mail: an invitation to join a company, in one language (the invitee's). */

const ROLE_NAMES: Record<MemberRole, { en: string; ar: string }> = {
  admin: { en: 'administrator', ar: 'مسؤول' },
  buyer: { en: 'buyer', ar: 'مشترٍ' },
  bidder: { en: 'bidder', ar: 'مقدّم عروض' },
  viewer: { en: 'viewer', ar: 'مطّلع' },
  approver: { en: 'approver', ar: 'مُعتمِد' },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invitationMail(
  to: string,
  language: Lang,
  m: { company: string; inviter: string; roles: MemberRole[]; link: string; days: number },
): Mail {
  const ar = language === 'ar';
  const roles = m.roles.map((r) => ROLE_NAMES[r][language]).join(ar ? '، ' : ', ');
  const subject = ar ? `بوابة · دعوة للانضمام إلى ${m.company}` : `Bawaba · Join ${m.company}`;
  const intro = ar
    ? `دعاك ${m.inviter} للانضمام إلى ${m.company} على بوابة بصفة: ${roles}. الرابط صالح لمدة ${m.days} أيام.`
    : `${m.inviter} invited you to join ${m.company} on Bawaba as ${roles}. The link is valid for ${m.days} days.`;
  const label = ar ? 'قبول الدعوة' : 'Accept the invitation';
  const dir = ar ? ' dir="rtl" lang="ar"' : ' lang="en"';
  return {
    to,
    subject,
    link: m.link,
    text: `${intro}\n\n${m.link}`,
    html: `<div${dir}><p>${esc(intro)}</p><p><a href="${esc(m.link)}">${esc(label)}</a></p></div>`,
  };
}
