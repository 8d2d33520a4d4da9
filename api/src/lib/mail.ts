import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /**
   * The identity of an outbox mail (`mail-<row id>`): sent again after a crash it is the same mail — the same
   * SMTP Message-ID, the same dev outbox file — not a second one.
   */
  id?: string;
  /** When the mail was queued (names the dev outbox file, so the folder stays in time order). */
  queuedAt?: Date;
};
export type Mailer = { send(mail: Mail): Promise<void> };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A simple bilingual mail with one call-to-action link. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  introAr: string,
  label: string,
  link: string,
): Mail {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${link}\n\n${introAr}`,
    html: `<p>${esc(intro)}</p><p><a href="${esc(link)}">${esc(label)}</a></p><p dir="rtl" lang="ar">${esc(introAr)}</p>`,
  };
}

/** The mail of an in-app notification, in the recipient's language, with the page it leads to. */
export function noticeMail(
  site: (path: string) => string,
  to: string,
  n: { language: 'en' | 'ar'; title: string; content: string; link: string | null },
): Mail {
  const ar = n.language === 'ar';
  const link = site(n.link ?? '/notifications');
  const open = ar ? 'فتح في بوابة' : 'Open in Bawaba';
  const why = ar
    ? 'تصلك هذه الرسالة لأنك اخترت البريد الإلكتروني لهذا النوع من الإشعارات في ملفك الشخصي على بوابة.'
    : 'You receive this because you chose email for this kind of notification on your Bawaba profile.';
  const dir = ar ? ' dir="rtl" lang="ar"' : ' lang="en"';
  return {
    to,
    subject: `Bawaba · ${n.title}`,
    link,
    text: `${n.content}\n\n${link}\n\n${why}`,
    html: `<div${dir}><p>${esc(n.content)}</p><p><a href="${esc(link)}">${esc(open)}</a></p><p style="color:#666;font-size:12px">${esc(why)}</p></div>`,
  };
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from: config.mailFrom,
          ...(m.id ? { messageId: `<${m.id}@${domainOf(config.mailFrom)}>` } : {}),
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  const dir = join(config.dataDir, 'outbox');
  return {
    async send(m) {
      mkdirSync(dir, { recursive: true });
      // An outbox mail has a fixed name (its queue time and id): sending it again rewrites the same file.
      const file = join(
        dir,
        m.id
          ? `${(m.queuedAt ?? new Date()).getTime()}-${m.id}.json`
          : `${Date.now()}-${randomBytes(4).toString('hex')}.json`,
      );
      // Written under a temporary name and renamed: a process killed mid-write leaves no half mail.
      const body = JSON.stringify(
        { ...m, from: config.mailFrom, createdAt: new Date().toISOString() },
        null,
        2,
      );
      writeFileSync(`${file}.tmp`, body);
      renameSync(`${file}.tmp`, file);
      log.info(
        { to: m.to, subject: m.subject, link: m.link },
        `dev outbox: mail to ${m.to}: ${m.link ?? ''}`,
      );
    },
  };
}

/** The domain of `Name <user@domain>` (Message-IDs are made in it). */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'bawaba.qa';
}
