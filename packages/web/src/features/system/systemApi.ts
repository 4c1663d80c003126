import {
  DISPLAY_TIME_ZONE,
  formatDate,
  formatTime,
  RESTORE_CONFIRMATION,
  type SystemBackup,
  type SystemState,
  type SystemTasks,
} from '@curlew/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** A time on the System page: 'd MMM yyyy, HH:mm' in the UK. */
export const systemTime = (at: string): string =>
  `${formatDate(at, { timeZone: DISPLAY_TIME_ZONE })}, ${formatTime(at, { timeZone: DISPLAY_TIME_ZONE })}`;

/** The cache key of the system's state (health, counts, backups). */
export const SYSTEM_QUERY_KEY = ['system', 'state'] as const;
/** The cache key of the solver tasks. */
export const SYSTEM_TASKS_QUERY_KEY = ['system', 'tasks'] as const;

/** The system's state: database health, version, migrations, sessions, mail and task counts, backups. */
export function useSystemState() {
  const api = useApi();
  return useQuery({
    queryKey: SYSTEM_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SystemState>('/api/system', { signal }),
  });
}

/** The latest solver tasks, newest first. */
export function useSystemTasks() {
  const api = useApi();
  return useQuery({
    queryKey: SYSTEM_TASKS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SystemTasks>('/api/system/tasks', { signal }),
  });
}

/** Refreshes the state and the tasks after a change. */
const useRefreshSystem = () => {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SYSTEM_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SYSTEM_TASKS_QUERY_KEY }),
    ]);
  };
};

/** Cancels a queued or running solver task; answers the server's sentence. */
export function useCancelTask() {
  const api = useApi();
  const refresh = useRefreshSystem();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ status: string; message: string }>(`/api/system/tasks/${encodeURIComponent(id)}/cancel`, {}),
    onSettled: refresh,
  });
}

/** Makes a backup now. */
export function useMakeBackup() {
  const api = useApi();
  const refresh = useRefreshSystem();
  return useMutation({
    mutationFn: () => api.post<SystemBackup>('/api/system/backups', {}),
    onSettled: refresh,
  });
}

/** Restores a backup (PostgreSQL, outside production); every session ends with it. */
export function useRestoreBackup() {
  const api = useApi();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<{ message: string }>(`/api/system/backups/${encodeURIComponent(name)}/restore`, {
        confirmation: RESTORE_CONFIRMATION,
      }),
  });
}

/** Resets the database to the demo data (outside production) with the typed confirmation. */
export function useResetDatabase() {
  const api = useApi();
  return useMutation({
    mutationFn: (confirmation: string) =>
      api.post<{ message: string }>('/api/sysadmin/reset-database', { confirmation }),
  });
}
