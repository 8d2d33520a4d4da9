import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };
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

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from: config.mailFrom,
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
      const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
      writeFileSync(
        file,
        JSON.stringify({ ...m, from: config.mailFrom, createdAt: new Date().toISOString() }, null, 2),
      );
      log.info(
        { to: m.to, subject: m.subject, link: m.link },
        `dev outbox: mail to ${m.to}: ${m.link ?? ''}`,
      );
    },
  };
}
