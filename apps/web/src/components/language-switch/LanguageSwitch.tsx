import { lazy, Suspense, useRef, useState } from 'react';
import { LanguageButton } from './LanguageButton.tsx';

const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadMenu);

/**
 * The language dropdown (中文 / English); the choice is remembered and kept after logout.
 * The dropdown itself (antd Dropdown and Menu) is fetched when the pointer or the focus reaches
 * the button and takes over on the first click, opened, so the login page does not carry it.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const [armed, setArmed] = useState<{ focus: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMenu();
  const placeholder = (
    <LanguageButton
      ref={button}
      compact={compact}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setArmed((prev) => prev ?? { focus: document.activeElement === button.current })}
    />
  );
  if (!armed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu compact={compact} initialOpen initialFocus={armed.focus} />
    </Suspense>
  );
}
