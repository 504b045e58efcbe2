export { FieldMessage } from './field-message';
export { formSchemaOf } from './form-schema';
export { FormDialog, FormErrorAlert, type FormDialogProps } from './form-dialog';
export { useContractForm, type ContractForm, type ContractFormOptions, type FormSchema } from './use-contract-form';
