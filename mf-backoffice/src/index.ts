// Standalone development entry (the site loads the exposed module through the host's back-office page).
import('./bootstrap');
