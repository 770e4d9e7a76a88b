import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../server/email/plain-text';

describe('htmlToText (the plain-text part of an HTML e-mail)', () => {
  it('keeps link addresses, separates paragraphs by a blank line and drops markup, styles and scripts', () => {
    const html =
      '<head><title>x</title></head><style>p{color:red}</style><p>Hi <b>Ada</b>,</p><p>See <a href="https://example.com/offer?a=1&amp;b=2">the offer</a>.<br>Thanks</p><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('Hi Ada,\n\nSee the offer (https://example.com/offer?a=1&b=2).\nThanks');
  });

  it('decodes the common entities once (an escaped tag stays text)', () => {
    expect(htmlToText('<p>&lt;b&gt; &amp;amp; &quot;q&quot; &#39;s&#39;&nbsp;end</p>')).toBe('<b> &amp; "q" \'s\' end');
  });

  it('never leaves more than one blank line, nor trailing spaces on a line', () => {
    expect(htmlToText('<div>a  </div><div></div><div></div><table><tr><td>b</td></tr></table>')).toBe('a\n\nb');
  });
});
