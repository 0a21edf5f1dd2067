/** The right column's open tab, shared so a panel elsewhere can bring one forward (its id in rightTabs.ts). */
export const rightTab = $state({ active: 'figure' });

export function showRightTab(id: string): void {
  rightTab.active = id;
}
