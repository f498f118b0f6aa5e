// Standalone development entry (the site loads the exposed modules through the host).
import('./bootstrap');
