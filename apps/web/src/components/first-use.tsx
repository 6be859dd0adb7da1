import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Code that loads on the first use of a control (decision 0024): one dynamic import, started by
 * whichever control is used first and shared by all of them.
 */
export type FirstUsePart<M> = { start: () => Promise<M>; loaded: () => M | undefined };

export function firstUsePart<M extends object>(load: () => Promise<M>): FirstUsePart<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    loaded: () => loaded,
    start: () => {
      pending ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // The next use tries again (the network may be back).
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** What a stand-in hands on: a click or a key its real control answers once it is there. */
export type StandInUse = { click: () => void; key: (event: KeyboardEvent<HTMLElement>) => void };

type Props<M> = {
  part: FirstUsePart<M>;
  /**
   * Drawn until the code is there: the control as it looks closed, with the same role, name and
   * state, built from components the page has already loaded.
   */
  standIn: (use: StandInUse) => ReactNode;
  /** The real control, from the loaded module. */
  children: (module: M) => ReactNode;
  /** The element of the control that takes focus, hover, clicks and keys (its menu's target). */
  target?: string;
};

type Intent = { hover: boolean; focus: boolean; replay: ((target: HTMLElement) => void)[] };
const NONE = (): Intent => ({ hover: false, focus: false, replay: [] });

/** Keys that press a button: its click comes when they are released (space) or at once (enter). */
const PRESS_KEYS = new Set([' ', 'Enter']);

/**
 * A control whose dropdown needs the positioning code (menus, popovers, tooltips, pickers: about
 * 40 kB gzipped together) is drawn first as a stand-in that looks and reads the same. The pointer
 * coming over it, focus or a touch loads the real control, which takes its place: focus moves
 * over, and a hover, click or key that came before it is replayed on it, so nothing is lost.
 */
export function FirstUse<M extends object>({ part, standIn, children, target = 'button' }: Props<M>) {
  const [module, setModule] = useState(part.loaded);
  const box = useRef<HTMLSpanElement>(null);
  const intent = useRef<Intent>(NONE());
  // While a pointer or key is down on the stand-in, the swap waits for its release: a click
  // whose press and release land on different elements is no click at all.
  const held = useRef(false);
  const waiting = useRef<M | undefined>(undefined);

  const swap = (loaded: M) => {
    intent.current.focus = box.current?.contains(document.activeElement) ?? false;
    // At once, so no click lands between reading the focus and the swap.
    flushSync(() => setModule(loaded));
  };
  const begin = () => {
    part.start().then(
      (loaded) => {
        if (held.current) waiting.current = loaded;
        else swap(loaded);
      },
      // The stand-in stays; the next use tries again.
      () => {},
    );
  };
  const hold = (release: 'pointerup' | 'keyup') => {
    held.current = true;
    const done = () => {
      document.removeEventListener(release, done, true);
      document.removeEventListener('pointercancel', done, true);
      // After the click that this release makes.
      setTimeout(() => {
        held.current = false;
        const loaded = waiting.current;
        waiting.current = undefined;
        if (loaded) swap(loaded);
      });
    };
    document.addEventListener(release, done, true);
    document.addEventListener('pointercancel', done, true);
  };

  useLayoutEffect(() => {
    if (!module) return;
    const { hover, focus, replay } = intent.current;
    intent.current = NONE();
    const element = box.current?.querySelector<HTMLElement>(target);
    if (!element || !(hover || focus || replay.length)) return;
    if (focus) element.focus();
    // After the real control's own effects have bound its listeners (and not cancelled by a
    // cleanup: the intent is taken once, so a second run of this effect has nothing to do).
    setTimeout(() => {
      if (!element.isConnected) return;
      if (hover) {
        element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        // As the browser does: to the element and each ancestor the pointer entered with it (a
        // hint may be bound to a wrapper, as the bell's is).
        for (let node: Element | null = element; node && node !== box.current; node = node.parentElement)
          node.dispatchEvent(new MouseEvent('mouseenter'));
      }
      for (const act of replay) act(element);
    });
  }, [module, target]);

  if (module) {
    return (
      <span ref={box} style={{ display: 'contents' }}>
        {children(module)}
      </span>
    );
  }
  const use: StandInUse = {
    click: () => {
      intent.current.replay.push((element) => element.click());
      begin();
    },
    key: (event) => {
      event.preventDefault();
      const { key, code } = event;
      intent.current.replay.push((element) =>
        element.dispatchEvent(new window.KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true })),
      );
      begin();
    },
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it hears its control's events as they bubble; the control inside is the button or input
    <span
      ref={box}
      style={{ display: 'contents' }}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') intent.current.hover = true;
        begin();
      }}
      onPointerLeave={() => {
        intent.current.hover = false;
      }}
      onPointerDown={() => {
        if (!held.current) hold('pointerup');
        begin();
      }}
      onKeyDown={(event) => {
        if (PRESS_KEYS.has(event.key) && !held.current) hold('keyup');
      }}
      onFocus={begin}
    >
      {standIn(use)}
    </span>
  );
}
