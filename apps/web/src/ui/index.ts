export { Alert } from './alert';
export { InitialAvatar } from './avatar';
export { Badge } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { ConfirmDialog } from './confirm-dialog';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
export { cn } from './cn';
export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
export { EmptyState } from './empty-state';
export { focusRing } from './focus-ring';
export { FormField, type FieldControlProps } from './form-field';
export { Input } from './input';
export { Label } from './label';
export { PageHeader } from './page-header';
export { Pager } from './pager';
export { ProgressBar } from './progress-bar';
export { Select } from './select';
export { Spinner } from './spinner';
export { Switch } from './switch';
export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from './table';
export { ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { Textarea } from './textarea';
export { useToast, type ToastInput, type ToastTone } from './toast-context';
export { ToastProvider } from './toast-provider';
