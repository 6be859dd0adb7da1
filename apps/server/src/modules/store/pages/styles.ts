/**
 * The store's one stylesheet, inlined in every page (about 4 kB): no request blocks the first
 * paint. Phone first; light and dark follow the visitor's system setting.
 */
export const STORE_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#5b636e;--line:#d9dde3;--card:#f6f7f9;--accent:#1c5d99;--accent-fg:#fff;--ok:#1d6b3a;--warn:#8a5300;--sale:#a3261b}
@media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e9ecef;--muted:#a9b1bb;--line:#343a42;--card:#1f2329;--accent:#7fb4e6;--accent-fg:#0c1a27;--ok:#7fd49b;--warn:#f0b35c;--sale:#ff8f84}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}
img{max-width:100%;height:auto;display:block}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:8px;z-index:2}
header.top{border-bottom:1px solid var(--line);padding:12px 16px;display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.brand{display:flex;gap:10px;align-items:center;font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--fg);margin-right:auto}
.brand img{height:36px;width:auto}
nav.account{display:flex;gap:14px;white-space:nowrap}
form.search{display:flex;flex:1 1 260px;max-width:520px}
form.search input{flex:1;min-width:0;font:inherit;padding:8px 10px;border:1px solid var(--line);border-right:0;border-radius:6px 0 0 6px;background:var(--bg);color:var(--fg)}
button,.button{font:inherit;padding:8px 14px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);border-radius:6px;cursor:pointer;text-decoration:none;display:inline-block}
form.search button{border-radius:0 6px 6px 0}
.secondary{background:transparent;color:var(--accent)}
nav.cats{border-bottom:1px solid var(--line);overflow-x:auto;white-space:nowrap;padding:0 8px}
nav.cats a{display:inline-block;padding:10px 8px;color:var(--fg);text-decoration:none}
nav.cats a[aria-current]{font-weight:700;border-bottom:2px solid var(--accent)}
main{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;line-height:1.25;margin:.2em 0 .4em}
h2{font-size:1.2rem;margin:1.2em 0 .5em}
.muted{color:var(--muted)}
.crumbs{font-size:.9rem;color:var(--muted);margin-bottom:4px}
.crumbs a{color:var(--muted)}
.banner{background:var(--card);border-radius:8px;padding:20px;font-size:1.1rem;margin-bottom:16px}
.grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
@media (min-width:700px){.grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:1000px){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
.card a{display:block;color:var(--fg);text-decoration:none;height:100%}
.card .pic{aspect-ratio:1;background:var(--card);border-radius:8px;overflow:hidden;display:flex;align-items:center;justify-content:center}
.card .pic img{width:100%;height:100%;object-fit:cover}
.card .name{margin:8px 0 2px;font-weight:600}
.price{font-weight:700}.was{text-decoration:line-through;color:var(--muted);font-weight:400;margin-left:6px}
.sale{color:var(--sale)}
.stock{font-size:.9rem;color:var(--ok)}.stock.later{color:var(--warn)}
.tiles{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px}
.tiles a{display:block;padding:14px;border:1px solid var(--line);border-radius:8px;text-decoration:none;color:var(--fg)}
.layout{display:grid;gap:16px}
@media (min-width:900px){.layout{grid-template-columns:240px 1fr}}
aside details{border:1px solid var(--line);border-radius:8px;padding:8px 12px}
aside summary{cursor:pointer;font-weight:600}
fieldset{border:0;padding:0;margin:12px 0}
legend{font-weight:600;margin-bottom:4px}
label.check{display:flex;gap:8px;align-items:center;padding:2px 0}
.range{display:flex;gap:8px}.range input{width:100%}
input,select,textarea{font:inherit;padding:6px 8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
.bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;margin-bottom:12px}
.chips{display:flex;flex-wrap:wrap;gap:6px;list-style:none;padding:0;margin:0}
.chips a{display:inline-block;padding:4px 10px;border:1px solid var(--line);border-radius:16px;text-decoration:none;color:var(--fg)}
.chips a[aria-current]{border-color:var(--accent);outline:1px solid var(--accent);font-weight:600}
.pager{margin:20px 0;text-align:center}
.product{display:grid;gap:20px}
@media (min-width:900px){.product{grid-template-columns:1fr 1fr}}
.gallery .main{background:var(--card);border-radius:8px;overflow:hidden}
.thumbs{display:flex;gap:8px;margin-top:8px;overflow-x:auto;list-style:none;padding:0}
.thumbs img{width:64px;height:64px;object-fit:cover;border-radius:6px;border:1px solid var(--line)}
.thumbs a[aria-current] img{outline:2px solid var(--accent)}
dl.details{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dl.details dt{color:var(--muted)}dl.details dd{margin:0}
.calc{background:var(--card);border-radius:8px;padding:12px;margin:16px 0}
.calc .row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
.calc label{display:flex;flex-direction:column;font-size:.9rem}
.calc input{width:110px}
.error{color:var(--sale)}
table.cart{width:100%;border-collapse:collapse}table.cart th,table.cart td{text-align:left;padding:8px 4px;border-bottom:1px solid var(--line);vertical-align:top}
table.cart td.num,table.cart th.num{text-align:right}
table.cart input{width:80px}
.stack{display:flex;flex-direction:column;gap:10px;max-width:420px}
.stack label{display:flex;flex-direction:column;gap:4px}
.stack label.check{flex-direction:row;align-items:center;gap:8px}
.linkish{background:none;border:0;color:var(--accent);padding:0;text-decoration:underline;cursor:pointer}
.buy{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:12px 0}
.buy label{display:flex;flex-direction:column;font-size:.9rem}
.buy input{width:90px}
.notice{border:1px solid var(--line);border-radius:8px;padding:10px 12px;margin:12px 0}
footer.bottom{border-top:1px solid var(--line);margin-top:32px;padding:16px;color:var(--muted);font-size:.9rem;text-align:center}
`;
