import { Fragment } from 'react';
import { hrefOf, type BlockContext } from '../context';
import type { BlockProps } from '../schema';

/** The organization's details as the page's footer: name, postal address, phone, e-mail, the year. */
export function Footer({ note, links }: BlockProps['Footer'], ctx: BlockContext) {
  const { name, address, phone, email } = ctx.organization;
  const year = (ctx.now ?? new Date()).getUTCFullYear();
  return (
    <footer className="sb-footer">
      <div className="sb-footer-org">
        <p>
          <strong>{name}</strong>
        </p>
        {address && (
          <address>
            {address.split('\n').map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </address>
        )}
        {(phone || email) && (
          <p>
            {phone && <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>}
            {phone && email && ' · '}
            {email && <a href={`mailto:${email}`}>{email}</a>}
          </p>
        )}
      </div>
      {links.length > 0 && (
        <nav aria-label="Footer">
          <ul className="sb-footer-links">
            {links.map((link, i) => (
              <li key={i}>
                <a href={hrefOf(ctx, link.href)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {note && <p className="sb-muted">{note}</p>}
      <p className="sb-muted">
        © {year} {name}
      </p>
    </footer>
  );
}
export const FOOTER_CSS = `.sb-footer{display:grid;gap:.75rem;padding:2.5rem 1.25rem;border-top:1px solid var(--sb-line);font-size:.95rem;text-align:center}.sb-footer p,.sb-footer address{margin:0;font-style:normal}
.sb-footer-links{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem 1.25rem}.sb-footer a{display:inline-block;padding:.4rem 0}`;
