// Taps made before the page has started are kept and handed on, not lost.
//
// Why: a server-drawn page is on screen seconds before its scripts have started on a phone (docs/decisions/002: the
// scripts wait for the first paint; at 4x CPU the shell and the page's remote take 2-5 s more). Links and forms work
// natively meanwhile; a control with no native behaviour (Add to quote, a compare box, the menu, basket and search
// buttons, Call Us) did nothing, and the tap was lost. React replays events only for a root it has already started,
// and a remote's part of the page starts later still.
//
// This is the pattern of JSAction (Angular's event replay): a few hundred bytes inline in the head listen for clicks
// on controls marked `data-early="frame"` or `data-early="page"` (contracts/src/domIds.ts) before that part has
// started, keep them in one queue with a busy look, and click each control again, in order and once, when the shell
// tells the part is ready (`window.__early('frame')` from the frame, `window.__early('page')` beside the page:
// shell/src/app/earlyReady.ts). A tap on a control already waiting is not kept twice (its busy look says it was
// taken). A control the page drew again meanwhile (a hydration that re-rendered it) is found by its place among the
// marked controls. `data-early-show="<id>"` shows a hidden field at once and focuses it: the header's search field,
// which keeps what is typed until the search opens.
//
// A page posts natively once (a form before the start, or one no script took over): a second tap while the first post
// is on its way would make the browser drop that navigation and post again, and the server, which has already stored
// the first (a request for changes), would store it twice. Another native post waits 10 s (`p`: a visitor who stopped
// the load can send again); a page shown again from the back-forward cache may post at once. A post a script took over
// (its default prevented) is the script's own; one aimed at another window (`target`) leaves this page where it is.
import { EARLY_ATTRIBUTE, EARLY_READY_GLOBAL, EARLY_SHOW_ATTRIBUTE } from '@site/contracts/dom-ids';

/**
 * Plain ES2017, small by hand: every page carries it (its own line in tests/budgets/first-view.json), in the head's one
 * inline script (inlineScript.ts). `q` holds [control, its place among the marked]; `ok` the parts started; `r` is set
 * while a kept tap is handed on (that click must pass). The taps are handed on in a task of their own, not inside the
 * React commit whose effect said the part is ready. A control whose field is already showing, with something typed in
 * it, is not held: the search button sends the header's form then (Enter in the field clicks it). With nothing typed it
 * is held as a second tap is: a visitor tapping the search again must not be sent to an empty search page.
 */
export const EARLY_INTERACTIONS_SOURCE =
  `(function(w,d,A,S){var q=[],ok={},r=0,p=0;function all(){return d.querySelectorAll("["+A+"]")}` +
  'function flush(){for(var e;(e=q[0])&&ok[e[0].getAttribute(A)];){q.shift();var c=e[0];' +
  'c.style.opacity=c.style.cursor="";c.removeAttribute("aria-busy");c.e=0;' +
  'if(!c.isConnected)c=all()[e[1]];if(c){r=1;try{c.click()}finally{r=0}}}}' +
  'd.addEventListener("click",function(v){var c=!r&&v.target.closest&&v.target.closest("["+A+"]"),s=c&&d.getElementById(c.getAttribute(S));' +
  'if(!c||ok[c.getAttribute(A)]&&!q.length||s&&!s.hidden&&s.value)return;v.preventDefault();v.stopPropagation();if(c.e)return;' +
  'c.e=1;c.setAttribute("aria-busy","true");c.style.opacity=".6";c.style.cursor="progress";' +
  'q.push([c,[].indexOf.call(all(),c)]);if(s){s.hidden=!1;s.focus()}},!0);' +
  'd.addEventListener("submit",function(v){var n=Date.now();if(v.defaultPrevented||v.target.target)return;if(n-p<1e4)v.preventDefault();else p=n});' +
  'w.addEventListener("pageshow",function(){p=0});' +
  `w.${EARLY_READY_GLOBAL}=function(o){ok[o]=1;setTimeout(flush)}})(window,document,${JSON.stringify(EARLY_ATTRIBUTE)},${JSON.stringify(EARLY_SHOW_ATTRIBUTE)});`;
