export declare const SERVER_NODE_FLAGS: string[];
