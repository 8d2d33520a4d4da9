import { chromium } from '@playwright/test';

const base = 'http://localhost:5610';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext();
const res = await fetch(base + '/api/v1/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bidder@bawaba.qa', password: 'Bawaba2026!' }),
});
const body = await res.json();
const nav = res.headers
  .getSetCookie()
  .find((c) => c.startsWith('__Host-bawaba-nav='))
  .split(';')[0]
  .slice('__Host-bawaba-nav='.length);
await ctx.addCookies([
  {
    name: '__Host-bawaba-nav',
    value: nav,
    domain: 'localhost',
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
  },
  { name: 'bawaba-lang', value: 'en', domain: 'localhost', path: '/' },
]);
const page = await ctx.newPage();
await page.addInitScript(
  ([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('language', 'en');
    document.addEventListener('DOMContentLoaded', () => {
      window.__server = document.getElementById('root').innerText;
    });
  },
  [body.data.accessToken, body.data.user],
);
const errors = [];
page.on('console', (m) => {
  if (m.text().includes('hydration')) errors.push(m.text().slice(0, 200));
});
await page.goto(base + (process.argv[2] ?? '/service?location=1'));
await page.waitForTimeout(4000);
const [a, b] = await page.evaluate(() => [window.__server, document.getElementById('root').innerText]);
console.log('errors', errors.length);
const al = a.split('\n'),
  bl = b.split('\n');
const k = bl.indexOf('2');
if (k === 8) bl.splice(8, 1);
for (let i = 0; i < Math.max(al.length, bl.length); i++)
  if (al[i] !== bl[i]) {
    console.log('line', i, JSON.stringify(al[i]), '|', JSON.stringify(bl[i]));
    if (i > 200) break;
  }
await browser.close();
