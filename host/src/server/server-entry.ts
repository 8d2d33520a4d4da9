/**
 * Whether a remote's release has a server entry. A release built before server rendering has none: its section is
 * left to the browser at once, without registering the entry with Module Federation's runtime (which would fetch
 * it, fail, and log the failure on every render). The entry's URL names the release (`?release=` its stamp), so
 * a definite answer holds for that release: a redeploy is another URL, asked afresh.
 */
const answers = new Map<string, Promise<boolean>>();

/**
 * The answer for `entry`: yes for JavaScript, no for a missing file (404, 410) or another kind of file (a site
 * answering every path with its page). Anything else (a server error, no answer) is no answer: it throws, and the
 * next render asks again.
 */
export function hasServerEntry(entry: string): Promise<boolean> {
  let answer = answers.get(entry);
  if (!answer) {
    answer = fetch(entry, { method: 'HEAD', cache: 'no-cache' }).then((response) => {
      if (response.status === 404 || response.status === 410) return false;
      if (!response.ok) throw new Error(`its server entry answered ${response.status}`);
      return /javascript/i.test(response.headers.get('content-type') ?? '');
    });
    answer.catch(() => answers.delete(entry));
    answers.set(entry, answer);
  }
  return answer;
}
