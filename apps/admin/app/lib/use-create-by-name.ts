import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shopfront/shared';
import { errorText } from './api';
import { failure } from './toast';

/**
 * A list screen's "New … by name" form (FAQ groups, sliders, forms): the typed name, the API's
 * refusal under the field (at `field` or `id`; anything else as a toast), and the create call.
 * Made, the list is fetched again and the new one's editor opens at `${path}/${id}`.
 */
export function useCreateByName(opts: {
  listKey: string;
  path: string;
  field: 'name' | 'title';
  create: (name: string) => Promise<{ id: string }>;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: () => opts.create(name),
    onSuccess: (made) => {
      void qc.invalidateQueries({ queryKey: [opts.listKey], exact: true });
      void navigate(`${opts.path}/${made.id}`);
    },
    onError: (err: unknown) => {
      const field = err instanceof ApiError ? (err.errors[opts.field]?.[0] ?? err.errors.id?.[0]) : undefined;
      if (field) setError(field);
      else void failure(errorText(err));
    },
  });
  const typed = (v: string) => {
    setError(undefined);
    setName(v);
  };
  return { name, typed, error, create: () => mutation.mutate(), pending: mutation.isPending };
}
