/** Client state of the frame that is not kept: sidebar collapse, the mobile drawer, back-to-top. */
import { create } from 'zustand';

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const DEFAULT_THEME_COLOR = '#F89000';
/** Under this width the frame uses the mobile layout (spec section 9: 992 px). */
export const MOBILE_BREAKPOINT = 992;
/** Back-to-top appears after scrolling this far (spec section 9: 400 px; 180 px on the hospital form). */
export const BACK_TO_TOP_DEFAULT = 400;
export const BACK_TO_TOP_FORM = 180;

interface TShellState {
  sidebarCollapsed: boolean;
  /** The sidebar drawer of the mobile layout. */
  mobileMenuOpen: boolean;
  settingsOpen: boolean;
  /** Scroll distance after which the back-to-top button shows. */
  backToTopHeight: number;
  /** The page has a sticky action bar at the bottom: back-to-top sits in its right end. */
  backToTopInBar: boolean;
  toggleSidebar: () => void;
  setSidebarCollapsed: (collapsed: boolean) => void;
  setMobileMenuOpen: (open: boolean) => void;
  setSettingsOpen: (open: boolean) => void;
  setBackToTop: (options: { height: number; inBar: boolean }) => void;
}

export const useShellStore = create<TShellState>()((set) => ({
  sidebarCollapsed: false,
  mobileMenuOpen: false,
  settingsOpen: false,
  backToTopHeight: BACK_TO_TOP_DEFAULT,
  backToTopInBar: false,
  toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
  setSidebarCollapsed: (collapsed) => set({ sidebarCollapsed: collapsed }),
  setMobileMenuOpen: (open) => set({ mobileMenuOpen: open }),
  setSettingsOpen: (open) => set({ settingsOpen: open }),
  setBackToTop: ({ height, inBar }) => set({ backToTopHeight: height, backToTopInBar: inBar }),
}));
