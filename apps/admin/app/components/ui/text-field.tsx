import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'url';
  autoComplete?: string;
  description?: string;
  autoFocus?: boolean;
  /** Shown but not editable (a value the member's role may not change). */
  isDisabled?: boolean;
}

/**
 * A labelled text field bound to a react-hook-form field; its message (the shared schema's, or the
 * API's 422 for that field) sits right under it and is announced with the field.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  description,
  autoFocus,
  isDisabled,
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AriaTextField
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          isDisabled={isDisabled}
          isInvalid={fieldState.invalid}
          validationBehavior="aria"
          className="flex flex-col gap-1.5"
        >
          <Label className="text-sm font-medium">{label}</Label>
          <Input ref={field.ref} className="input" />
          {description && !fieldState.error && (
            <Text slot="description" className="text-sm text-muted">
              {description}
            </Text>
          )}
          <FieldError className="text-sm font-medium text-red-700">{fieldState.error?.message}</FieldError>
        </AriaTextField>
      )}
    />
  );
}
