/** What StageTabs gives every panel. */
export interface PanelProps {
  label: string;
  /**
   * The panel is shown on arrival (the first tab, or ?tab=). Only that panel renders its island
   * with data; a hidden one renders the island empty and it loads its data itself when the tab is
   * first opened (client:visible), so a page view does not pay for tabs nobody opens (issue 12).
   */
  isOpen: boolean;
}
